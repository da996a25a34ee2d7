import { leaveDeal } from '../../deals';

/** Back from a deal's page or 'Ins and outs' to the feed, in place (no page load). */
export function AllPostsLink() {
  return (
    <a
      className="deal-view__back"
      href={import.meta.env.BASE_URL}
      onClick={(event) => {
        event.preventDefault();
        leaveDeal();
      }}
    >
      All posts
    </a>
  );
}
