/**
 * Copies `text`: the Clipboard API where the page may use it (a secure context), else the
 * selected field `fieldId` and the older copy command. False when neither worked.
 */
export async function copyText(text: string, fieldId: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): the older way may still work.
  }
  const field = document.getElementById(fieldId);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return false;
  field.select();
  return document.execCommand('copy');
}
