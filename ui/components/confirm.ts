// Yes/no confirmation before destructive actions (delete product, delete image).

/** Asks the browser's confirm dialog; resolves true when the user accepts. */
export async function confirmDialog(message: string): Promise<boolean> {
  return window.confirm(message);
}
