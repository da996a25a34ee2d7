import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * src/'s layers point down only (components → hooks → store → data → lib), and ESLint is what
 * keeps them so: these lint one-line files placed in each layer, as `npm run lint` would.
 */
const eslint = new ESLint();

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return result.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

// The first lint loads the config and walks the import graph (import-x/no-cycle): seconds on a
// busy machine, so these wait for a result rather than race a clock.
describe('ESLint keeps the layers of src/ pointing down', { timeout: 120_000 }, () => {
  it.each([
    ['src/data/upward.ts', "import { useFeed as value } from '../hooks/useFeed';", 'hooks'],
    ['src/data/upward.ts', "import { listPosts as value } from '../store/restReads';", 'store'],
    ['src/store/upward.ts', "import { useFeed as value } from '../hooks/useFeed';", 'hooks'],
    ['src/hooks/upward.ts', "import { Feed as value } from '../feed/Feed';", 'components'],
    ['src/lib/upward.ts', "import { LIMITS as value } from '../data/limits';", 'data'],
    ['src/sw/upward.ts', "import { listPosts as value } from '../store/restReads';", 'store'],
  ])('%s importing %s fails', async (file, source, layer) => {
    const errors = await layerErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(layer);
  });

  it.each([
    ['src/feed/downward.tsx', "import { useFeed as value } from '../hooks/useFeed';"],
    ['src/hooks/downward.ts', "import { listPosts as value } from '../store/restReads';"],
    ['src/store/downward.ts', "import { LIMITS as value } from '../data/limits';"],
    ['src/data/downward.ts', "import { utf8Bytes as value } from '../lib/text';"],
  ])('%s importing %s passes', async (file, source) => {
    expect(await layerErrors(file, source)).toEqual([]);
  });
});
