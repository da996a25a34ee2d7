export { LoginPanel } from './components/LoginPanel';
export {
  type AppUser,
  canComment,
  canRemoveComment,
  canReportComment,
  isAdmin,
} from './data/permissions';
export { useSession } from './hooks/useSession';
export { getUser } from './state/session';
