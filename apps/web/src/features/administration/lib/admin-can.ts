import type { PermissionCodename } from '@attest/shared';

// The app passes the signed-in user's permission check down; this feature does not load it itself.
export type AdminCan = (codename: PermissionCodename) => boolean;
