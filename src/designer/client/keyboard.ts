/**
 * The designer's keyboard: a key press runs the command the table (../commands.ts) names for it,
 * the same table the page's shortcut list is written from. Keys typed into a form field stay
 * there, except the commands that say otherwise (saving).
 */
import { commandForKey, type CommandTarget } from "../commands";

/** Whether keys go to a field a person is typing in. */
export const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.matches("input, select, textarea") || t.isContentEditable);

export function attachKeyboard(target: CommandTarget): void {
  document.addEventListener("keydown", (e) => {
    const command = commandForKey(e);
    if (!command) return;
    if (isTyping(e.target) && !command.whileTyping) return;
    if (command.when && !command.when(target)) return;
    e.preventDefault();
    command.run(target, e.key);
  });
}
