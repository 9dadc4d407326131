// The width inside an element's padding, in whole CSS px: what a list laid out in the page's content column fills.
// React-free: index.html's first view (src/app/first-view/first-view.ts) lays its grid out at the width the app's
// lists start from (use-grid-container.ts noteContentWidth).

export function contentBoxWidth(el: HTMLElement): number {
  const style = getComputedStyle(el)
  return Math.floor(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight))
}
