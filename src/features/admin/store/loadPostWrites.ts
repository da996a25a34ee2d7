import { loadWriteModule } from '../../../shared/errors/loadWriteModule';

/** The administrator's writes of posts, loaded on the first of them. */
export const loadPostWrites = () => loadWriteModule(() => import('./postWrites'));
