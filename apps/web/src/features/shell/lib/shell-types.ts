import type { PermissionCodename } from '@attest/shared';

export type Can = (codename: PermissionCodename) => boolean;

export type { LanguageOption } from '../../../lib/i18n/language-options';
