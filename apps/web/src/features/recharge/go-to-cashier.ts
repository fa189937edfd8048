/** Leaves the app for the payment provider's cashier page (a full page load, like a real gateway). */
export function goToCashier(url: string): void {
  window.location.assign(url);
}
