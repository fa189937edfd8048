/**
 * rem scaling: 1rem = a tenth of the viewport width (capped at 540 px), kept on resize. Runs from
 * the entry module rather than an inline script so the page's CSP can forbid inline scripts.
 */
export function installRootFontSize(): void {
  const apply = () => {
    const width = Math.min(document.documentElement.clientWidth || window.innerWidth, 540);
    document.documentElement.style.fontSize = `${width / 10}px`;
  };
  apply();
  window.addEventListener('resize', apply);
}
