/**
 * The phone's menu: below 640 px the environment switch, sign out and the navigation fold behind
 * one "Menu" button, so the page's own content starts on the first screen. The button says
 * whether it is open (aria-expanded); at wider sizes the stylesheet hides it and shows everything.
 */
export function initMenu(): void {
  const button = document.querySelector<HTMLButtonElement>(".menu-button");
  if (!button) return;
  button.addEventListener("click", () => {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("menu-open", open);
  });
}
