// The account-security feature's public face (issue 13). The app loads it lazily, from the
// account-security route only.
export { SecurityPage } from './components/security-page';
