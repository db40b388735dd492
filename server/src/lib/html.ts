/**
 * Text placed inside HTML or XML (element text or a quoted attribute): every character either gives
 * a meaning escaped, as numeric references, which both languages read.
 */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
