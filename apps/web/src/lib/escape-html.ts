/** `value` safe inside HTML text or a double-quoted attribute the server writes (&, <, >, " and ' as character references). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
