/**
 * What the service worker posts to a tab when a followed deal's notification is clicked
 * (sw/notificationClick.ts): `{ type: OPEN_DEAL_MESSAGE, deal: <id> }`, show that deal there.
 */
export const OPEN_DEAL_MESSAGE = 'open-deal';
