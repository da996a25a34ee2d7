import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../../shared/forms/useSubmit';
import type { DealStatus } from '../../../shared/posts/dealStatus';
import type { PostEdit } from '../../../shared/posts/post';
import { chooseDeal, dealWritten, useKnownDeals, type Deal } from '../../deals';
import { editProblem } from '../data/postInput';
import { useNeedsNetwork, type NetworkControlProps } from '../../../shared/network/needsNetwork';

export interface PostEditorInput {
  content: string;
  status: DealStatus | undefined;
  /** The post's deal id, if it has one. */
  deal: string | undefined;
  onSave: (edit: PostEdit) => Promise<void>;
}

export interface PostEditorState {
  text: string;
  setText: (text: string) => void;
  chosenStatus: DealStatus | undefined;
  setChosenStatus: (status: DealStatus | undefined) => void;
  deals: Deal[];
  /** What the 'Deal' field shows: as typed, else the post's deal by name (by id until read). */
  dealText: string;
  setTypedDeal: (typed: string) => void;
  busy: boolean;
  error: string | null;
  network: NetworkControlProps;
  save: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** The edit box's state: the content, deal status and deal as changed, and Save. */
export function usePostEditor({ content, status, deal, onSave }: PostEditorInput): PostEditorState {
  const [text, setText] = useState(content);
  const [chosenStatus, setChosenStatus] = useState(status);
  const deals = useKnownDeals();
  // null: the deal as it was (its name shows once the deals are read; until then, its id).
  const [typedDeal, setTypedDeal] = useState<string | null>(null);
  const dealName = deals.find((known) => known.id === deal)?.name ?? deal ?? '';
  const { busy, error, run } = useSubmit();
  const network = useNeedsNetwork();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Trimmed as the post form trims it: the saved content is what a new post would hold.
    const trimmed = text.trim();
    if (trimmed === '' || network.disabled) return;
    const chosenDeal =
      typedDeal !== null
        ? chooseDeal(typedDeal, deals)
        : deal === undefined
          ? undefined
          : { id: deal, name: dealName };
    const saved = await run(
      () => onSave({ content: trimmed, status: chosenStatus, deal: chosenDeal }),
      editProblem(trimmed, chosenDeal, deal),
    );
    if (saved && chosenDeal) dealWritten(chosenDeal.id);
  };

  return {
    text,
    setText,
    chosenStatus,
    setChosenStatus,
    deals,
    dealText: typedDeal ?? dealName,
    setTypedDeal,
    busy,
    error,
    network,
    save,
  };
}
