/** JSON bodies are small; images travel as data URLs, so the calls that carry one get more room. */
export const BODY_LIMIT = 256 * 1024;
export const IMAGE_BODY_LIMIT = 12 * 1024 * 1024;
