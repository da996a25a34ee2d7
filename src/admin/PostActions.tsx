import { ConfirmedButton } from '../feed/ConfirmedButton';
import { useNeedsNetwork } from '../ui/needsNetwork';

export interface PostActionsProps {
  title: string;
  titleId: string;
  /** Focus the Edit button on mount: the user is back from the edit box. */
  focusEdit: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

/** The administrator's Edit and Delete; Delete asks first. */
export function PostActions({ title, titleId, focusEdit, onEdit, onDelete }: PostActionsProps) {
  const network = useNeedsNetwork(titleId);
  return (
    <div className="post__actions">
      <button type="button" className="button" autoFocus={focusEdit} {...network} onClick={onEdit}>
        Edit
      </button>
      <ConfirmedButton
        label="Delete"
        className="button button--danger"
        describedBy={titleId}
        question="Delete this post?"
        detail={`“${title}” will be removed for everyone. This cannot be undone.`}
        failure="Not deleted"
        onConfirm={onDelete}
      />
    </div>
  );
}
