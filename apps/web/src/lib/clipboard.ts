/**
 * Copies text to the clipboard (spec 000 §8: a failed copy is logged and answers false). Uses the Clipboard
 * API where the page may (a secure context), else the selection fallback.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('the browser refused to copy');
    return true;
  } catch (error) {
    console.error('Copy to clipboard failed', error);
    return false;
  }
}
