// The home feature's public face (issue 16): the /home page and (issue 19) its administration at
// Settings > Shortcuts, each loaded lazily by the app's router.
export { homeKeys } from './api/home-keys';
export { HomePage } from './components/home-page';
export { ShortcutsSettingsPage } from './components/shortcuts-settings/shortcuts-settings-page';
