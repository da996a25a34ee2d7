// The session feature's public face. Who is signed in: Google sign-in (an account chooser with the
// Auth emulator), roles.
export { LoginPanel } from './components/LoginPanel';
export { useSession } from './hooks/useSession';
export { session } from './state/session';
