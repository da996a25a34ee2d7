import { createPost } from '../../feed/commands';
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { toAbsoluteHttpUrl } from '../../../shared/text/safeUrl';
import { chooseDeal, dealWritten, useKnownDeals, type Deal } from '../../deals';
import { EMPTY_POST_FORM, newPostProblem, type PostFormFields } from '../data/postInput';
import { useNeedsNetwork, type NetworkControlProps } from '../../../shared/network/needsNetwork';

export interface PostFormState {
  fields: PostFormFields;
  /** Sets one typed field. */
  set: (name: Exclude<keyof PostFormFields, 'status'>) => (value: string) => void;
  setStatus: (status: PostFormFields['status']) => void;
  deals: Deal[];
  /** The image URL or link is not a web address the rules accept. */
  badImage: boolean;
  badLink: boolean;
  busy: boolean;
  error: string | null;
  network: NetworkControlProps;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

// Stored absolute ('/images/a.svg' becomes this site's URL): the rules take http(s) URLs only.
const storedUrl = (typed: string) => (typed.trim() === '' ? '' : toAbsoluteHttpUrl(typed));

/**
 * The post form's state. Empty title or content does nothing, with no message (spec §5); a failed
 * save keeps every field and says why; a saved post empties the form.
 */
export function usePostForm(): PostFormState {
  const [fields, setFields] = useState<PostFormFields>(EMPTY_POST_FORM);
  const deals = useKnownDeals();
  const { busy, error, run } = useSubmit();
  const network = useNeedsNetwork();
  const imageUrl = storedUrl(fields.imageUrl);
  const link = storedUrl(fields.link);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = fields.title.trim();
    const content = fields.content.trim();
    if (title === '' || content === '' || imageUrl === null || link === null) return;
    if (network.disabled) return;
    const deal = chooseDeal(fields.deal, deals);
    const saved = await run(
      () => createPost({ title, content, imageUrl, link, status: fields.status, deal }),
      newPostProblem(title, content, deal),
    );
    if (saved) {
      setFields(EMPTY_POST_FORM);
      if (deal) dealWritten(deal.id);
    }
  };

  return {
    fields,
    set: (name) => (value) => setFields((current) => ({ ...current, [name]: value })),
    setStatus: (status) => setFields((current) => ({ ...current, status })),
    deals,
    badImage: imageUrl === null,
    badLink: link === null,
    busy,
    error,
    network,
    submit,
  };
}
