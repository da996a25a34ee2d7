import { describe, expect, it } from 'vitest';
import { decodeValue } from '../rest/restDecode';
import { decodeDocument, decodeRunQuery } from './postDecode';

const doc = (id: string, fields: Record<string, unknown>) => ({
  document: { name: `projects/p/databases/(default)/documents/posts/${id}`, fields },
  readTime: '2025-01-01T00:00:00Z',
});

describe('decodeRunQuery', () => {
  it('decodes documents into posts, in order, with ids from their names', () => {
    const posts = decodeRunQuery([
      doc('b', {
        title: { stringValue: 'Signing' },
        content: { stringValue: 'Line one\nLine two' },
        imageUrl: { stringValue: '/images/x.svg' },
        link: { stringValue: '' },
        created: { integerValue: '1700000000123' },
        comments: {
          arrayValue: {
            values: [
              {
                mapValue: {
                  fields: {
                    user: { stringValue: 'fan@example.com' },
                    text: { stringValue: 'Great' },
                    date: { stringValue: '1/2/2025, 10:00:00' },
                  },
                },
              },
            ],
          },
        },
      }),
      doc('a', { title: { stringValue: 'Older' } }),
    ]);
    expect(posts).toEqual([
      {
        id: 'b',
        title: 'Signing',
        content: 'Line one\nLine two',
        imageUrl: '/images/x.svg',
        link: '',
        commentCount: null,
        cardComments: [],
        moreComments: false,
        created: 1700000000123,
      },
      {
        id: 'a',
        title: 'Older',
        content: '',
        imageUrl: '',
        link: '',
        commentCount: null,
        cardComments: [],
        moreComments: false,
        created: 0,
      },
    ]);
  });

  it('skips results without a document (an empty result set answers with readTime only)', () => {
    expect(decodeRunQuery([{ readTime: '2025-01-01T00:00:00Z' }])).toEqual([]);
  });

  it("treats an empty card's comments array (no values key) as no comments", () => {
    const [post] = decodeRunQuery([
      doc('x', { commentCount: { integerValue: '0' }, cardComments: { arrayValue: {} } }),
    ]);
    expect(post).toMatchObject({ commentCount: 0, cardComments: [] });
  });

  it('rejects a response that is not a list of results (an error body)', () => {
    expect(() => decodeRunQuery({ error: { code: 403 } })).toThrow();
  });

  it('drops malformed comments and mistyped fields instead of failing', () => {
    const [post] = decodeRunQuery([
      doc('x', {
        title: { integerValue: '5' },
        commentCount: { stringValue: '1' },
        cardComments: { arrayValue: { values: [{ stringValue: 'not a map' }] } },
        created: { doubleValue: 12.5 },
      }),
    ]);
    expect(post).toMatchObject({ title: '', commentCount: null, cardComments: [], created: 12.5 });
  });
});

describe('decodeDocument', () => {
  it('decodes one document (a REST GET) as runQuery results are decoded', () => {
    const { document } = doc('a%20b', {
      title: { stringValue: 'Loan' },
      created: { integerValue: '7' },
      comments: { arrayValue: {} },
    });
    expect(decodeDocument({ ...document, createTime: 'x', updateTime: 'y' })).toEqual({
      id: 'a%20b',
      title: 'Loan',
      content: '',
      imageUrl: '',
      link: '',
      commentCount: null,
      cardComments: [],
      moreComments: false,
      created: 7,
    });
  });

  it('rejects an answer that is not a document (an error body)', () => {
    expect(() => decodeDocument({ error: { code: 404 } })).toThrow();
    expect(() => decodeDocument([])).toThrow();
  });
});

describe('decodeValue', () => {
  it.each([
    [{ stringValue: 'a' }, 'a'],
    [{ integerValue: '42' }, 42],
    [{ doubleValue: 1.5 }, 1.5],
    [{ booleanValue: false }, false],
    [{ nullValue: null }, null],
    [{ timestampValue: '2025-01-01T00:00:00Z' }, Date.UTC(2025, 0, 1)],
    [{ mapValue: {} }, {}],
    [{ arrayValue: { values: [{ stringValue: 'x' }] } }, ['x']],
  ])('%j → %j', (value, expected) => {
    expect(decodeValue(value)).toEqual(expected);
  });
});
