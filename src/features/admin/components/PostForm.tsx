import { useId } from 'react';
import { prepareWrites } from '../../feed/commands';
import { MAX_URL_LENGTH } from '../../../shared/text/safeUrl';
import { LIMITS } from '../../../shared/limits';
import { DealField } from './DealField';
import { DealStatusSelect } from './DealStatusSelect';
import { usePostForm, type PostFormState } from '../hooks/usePostForm';
import { TextField } from './TextField';
import './admin.css';

const BAD_URL = 'Use a web address starting with http:// or https://.';

/**
 * The administrator's form. Empty title or content does nothing, with no message (spec §5); a
 * failed save keeps every field and says why.
 */
export function PostForm() {
  const form = usePostForm();
  const { busy, error, network, submit } = form;
  const headingId = useId();

  return (
    <section className="post-form" aria-labelledby={headingId}>
      <h2 id={headingId}>New post</h2>
      <form noValidate onSubmit={(event) => void submit(event)} onFocus={prepareWrites}>
        <PostTextFields form={form} />
        <DealField value={form.fields.deal} onChange={form.set('deal')} deals={form.deals} />
        <DealStatusSelect value={form.fields.status} onChange={form.setStatus} />
        <PostUrlFields form={form} />
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

/** 'Post title' and 'Post content', both required. */
function PostTextFields({ form: { fields, set } }: { form: PostFormState }) {
  return (
    <>
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
    </>
  );
}

/** The optional image URL and link, each saying when it is not a web address. */
function PostUrlFields({ form: { fields, set, badImage, badLink } }: { form: PostFormState }) {
  return (
    <>
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
    </>
  );
}
