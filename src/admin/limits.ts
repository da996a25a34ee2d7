/** Mirrors of the rules' limits, so the form stops where the server would refuse. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_CONTENT_LENGTH = 20_000;
