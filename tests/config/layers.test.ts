import { ESLint } from 'eslint';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

/**
 * src/ is a folder per feature with its layers inside (components → hooks → state → store → data),
 * src/shared under them all, src/app on top, src/sw on its own; a feature uses another only through
 * its index.ts or its data/. ESLint is what keeps them so: these lint one-line files placed where a
 * newcomer might put them, as `npm run lint` would.
 */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

// The first lint loads the config and walks the import graph (import-x/no-cycle): seconds on a
// busy machine, so these wait for a result rather than race a clock.
describe('ESLint keeps the features and their layers apart', { timeout: 120_000 }, () => {
  it.each([
    [
      'src/features/dealFeeds/data/inside.ts',
      "import { usePaging as value } from '../../feed/hooks/usePaging';",
      'only through',
    ],
    [
      'src/features/feed/data/upward.ts',
      "import { listPosts as value } from '../store/postPages';",
      'store',
    ],
    [
      'src/features/session/components/untied.tsx',
      "import { Feed as value } from '../../feed';",
      'FEATURE_TIES',
    ],
    [
      'src/features/comments/store/upward.ts',
      "import { reportKey as value } from '../state/fanCommenting';",
      'state',
    ],
    [
      'src/features/comments/hooks/upward.ts',
      "import { CommentList as value } from '../components/CommentList';",
      'components',
    ],
    [
      'src/features/feed/components/inside.tsx',
      "import { CommentList as value } from '../../comments/components/CommentList';",
      'src/features/comments/index.ts',
    ],
    [
      'src/features/moderation/store/inside.ts',
      "import { threadReading as value } from '../../comments/store/threads';",
      'src/features/comments/index.ts',
    ],
    [
      'src/shared/text/upward.ts',
      "import { Feed as value } from '../../features/feed';",
      'src/shared',
    ],
    [
      'src/app/inside.tsx',
      "import { Feed as value } from '../features/feed/components/Feed';",
      'index.ts',
    ],
    [
      'src/features/feed/hooks/upward.ts',
      "import { App as value } from '../../../app/App';",
      'app',
    ],
    [
      'src/sw/page.ts',
      "import { listPosts as value } from '../features/feed/store/postPages';",
      'service worker',
    ],
  ])('%s importing %s fails', async (file, source, why) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(why);
  });

  it.each([
    [
      'src/features/feed/components/down.tsx',
      "import { useFeed as value } from '../hooks/useFeed';",
    ],
    [
      'src/features/comments/state/down.ts',
      "import { readThread as value } from '../store/threads';",
    ],
    [
      'src/features/feed/components/other.tsx',
      "import { CommentThread as value } from '../../comments';",
    ],
    [
      'src/features/comments/data/other.ts',
      "import { feedReducer as value } from '../../feed/data/feedReducer';",
    ],
    [
      'src/features/feed/store/down.ts',
      "import { LIMITS as value } from '../../../shared/limits';",
    ],
    ['src/app/compose.tsx', "import { Feed as value } from '../features/feed';"],
    ['src/sw/data.ts', "import { PAGE_SIZE as value } from '../shared/posts/postsQuery';"],
  ])('%s importing %s passes', async (file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});

describe('no module imports itself back', { timeout: 120_000 }, () => {
  // madge follows type imports and dynamic imports too, which import-x/no-cycle leaves out.
  it('src/ and scripts/ have no import circle', async () => {
    const graph = await madge(['src', 'scripts'], {
      fileExtensions: ['ts', 'tsx'],
      tsConfig: 'tsconfig.app.json',
    });
    expect(graph.circular()).toEqual([]);
  });

  it('a circle would be found', async () => {
    const graph = await madge('tests/config/fixtures/circle', { fileExtensions: ['ts'] });
    expect(graph.circular()).toEqual([['a.ts', 'b.ts']]);
  });
});
