/**
 * jsdom has <dialog> but not its methods. Just enough of them for the app's modal dialogs:
 * showModal/close toggle `open` and fire `close`, Escape fires a cancelable `cancel` first.
 * (In browsers the real thing runs; the e2e suite covers that.)
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const first = this.querySelector<HTMLElement>('[autofocus], input, button, textarea');
    if (first && !this.contains(document.activeElement)) first.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}
