import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../../shared/forms/useSubmit';
import { dealWritten, saveDealTerms, type Deal } from '../../deals';
import { termsFields, termsFromFields, type TermsFields } from '../data/termsInput';
import { useNeedsNetwork, type NetworkControlProps } from '../../../shared/network/needsNetwork';

export interface DealTermsForm {
  fields: TermsFields;
  set: <K extends keyof TermsFields>(name: K, value: TermsFields[K]) => void;
  busy: boolean;
  error: string | null;
  /** The last save succeeded and nothing was changed since. */
  saved: boolean;
  network: NetworkControlProps;
  save: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The 'Deal terms' form's state: filled with the deal's terms; Save writes them (none given
 * removes them), then the page reads the deal again so its feed and the strip show them. A refused
 * save keeps every field and says why.
 */
export function useDealTermsForm(deal: Deal): DealTermsForm {
  const [fields, setFields] = useState(() => termsFields(deal.terms));
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useSubmit();
  const network = useNeedsNetwork();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (network.disabled) return;
    const checked = termsFromFields(fields);
    const problem = 'problem' in checked ? checked.problem : null;
    const terms = 'terms' in checked ? checked.terms : undefined;
    const done = await run(() => saveDealTerms(deal.id, terms), problem);
    setSaved(done);
    if (done) dealWritten(deal.id);
  };

  return {
    fields,
    set: (name, value) => {
      setSaved(false);
      setFields((current) => ({ ...current, [name]: value }));
    },
    busy,
    error,
    saved,
    network,
    save,
  };
}
