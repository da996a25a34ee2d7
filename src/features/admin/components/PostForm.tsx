import { useId, useState, type FormEvent } from 'react';
import { describeProblem } from '../../../shared/errors/messages';
import { useSubmit } from '../../../shared/forms/useSubmit';
import type { NewPost } from '../../posts';
import { MAX_URL_LENGTH, toAbsoluteHttpUrl } from '../../../shared/text/safeUrl';
import { LIMITS } from '../../../shared/limits';
import { textProblem } from '../../../shared/text/textChecks';
import { DealField } from './DealField';
import { DealStatusSelect } from './DealStatusSelect';
import { chooseDeal } from '../../deals';
import { dealWritten, useKnownDeals } from '../../deals';
import { dealNameProblem } from '../data/dealNameProblem';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { TextField } from './TextField';

export interface PostFormProps {
  onCreate: (input: NewPost) => Promise<void>;
  /** The form is focused: time to load what saving needs. */
  onPrepare: () => void;
}

/** What the form holds: the post's fields, with the deal as typed. */
interface FormFields extends Omit<NewPost, 'deal'> {
  deal: string;
}

const EMPTY: FormFields = { title: '', content: '', imageUrl: '', link: '', deal: '' };
const BAD_URL = 'Use a web address starting with http:// or https://.';

/**
 * The administrator's form. Empty title or content does nothing, with no message (spec §5); a
 * failed save keeps every field and says why.
 */
export function PostForm({ onCreate, onPrepare }: PostFormProps) {
  const [fields, setFields] = useState<FormFields>(EMPTY);
  const deals = useKnownDeals();
  const { busy, error, run } = useSubmit();
  const headingId = useId();
  const network = useNeedsNetwork();
  const set = (name: Exclude<keyof FormFields, 'status'>) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  // Stored absolute ('/images/a.svg' becomes this site's URL): the rules take http(s) URLs only.
  const imageUrl = fields.imageUrl.trim() === '' ? '' : toAbsoluteHttpUrl(fields.imageUrl);
  const link = fields.link.trim() === '' ? '' : toAbsoluteHttpUrl(fields.link);
  const badImage = imageUrl === null;
  const badLink = link === null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = fields.title.trim();
    const content = fields.content.trim();
    if (title === '' || content === '' || imageUrl === null || link === null) return;
    if (network.disabled) return;
    const deal = chooseDeal(fields.deal, deals);
    const problem =
      describeProblem('title', textProblem(title, LIMITS.titleChars, LIMITS.titleBytes)) ??
      describeProblem('content', textProblem(content, LIMITS.contentChars, LIMITS.contentBytes)) ??
      dealNameProblem(deal);
    const saved = await run(
      () => onCreate({ title, content, imageUrl, link, status: fields.status, deal }),
      problem,
    );
    if (saved) {
      setFields(EMPTY);
      if (deal) dealWritten(deal.id);
    }
  };

  return (
    <section className="post-form" aria-labelledby={headingId}>
      <h2 id={headingId}>New post</h2>
      <form noValidate onSubmit={(event) => void submit(event)} onFocus={onPrepare}>
        <TextField
          label="Post title"
          value={fields.title}
          onChange={set('title')}
          maxLength={LIMITS.titleChars}
          required
        />
        <TextField
          label="Post content"
          value={fields.content}
          onChange={set('content')}
          maxLength={LIMITS.contentChars}
          multiline
          required
        />
        <DealField value={fields.deal} onChange={set('deal')} deals={deals} />
        <DealStatusSelect
          value={fields.status}
          onChange={(status) => setFields((current) => ({ ...current, status }))}
        />
        <TextField
          label="Image URL (optional)"
          value={fields.imageUrl}
          onChange={set('imageUrl')}
          maxLength={MAX_URL_LENGTH}
          type="url"
          problem={badImage ? BAD_URL : null}
        />
        <TextField
          label="Link (optional)"
          value={fields.link}
          onChange={set('link')}
          maxLength={MAX_URL_LENGTH}
          type="url"
          problem={badLink ? BAD_URL : null}
        />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" aria-busy={busy} {...network}>
          Post
        </button>
      </form>
    </section>
  );
}
