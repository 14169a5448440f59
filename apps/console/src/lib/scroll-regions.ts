/**
 * Ant Design's tables scroll sideways inside a `div` that the keyboard cannot reach (axe-core's
 * "scrollable-region-focusable"): every such scroll area gets `tabindex="0"` as it appears, so a keyboard
 * user can focus it and scroll it with the arrow keys. Runs once per animation frame at most.
 */
const SCROLL_AREAS = '.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])';

export function makeScrollRegionsFocusable(root: HTMLElement = document.body): () => void {
  let pending = false;
  const mark = () => {
    pending = false;
    for (const area of root.querySelectorAll<HTMLElement>(SCROLL_AREAS)) area.tabIndex = 0;
  };
  const observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(mark);
  });
  observer.observe(root, { childList: true, subtree: true });
  mark();
  return () => observer.disconnect();
}
