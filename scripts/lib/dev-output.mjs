// What `npm run dev` shows of wrangler's own output: everything, except a list of bindings that
// repeats the one printed just before (wrangler prints it again when its local server connects).
import readline from "node:readline";

const BINDINGS = /^Your Worker has access to the following bindings/;

/**
 * Copies `input` to `output` line by line, leaving out a bindings block (its heading to the next
 * blank line) identical to the previous one.
 * @param {import("node:stream").Readable} input
 * @param {NodeJS.WritableStream} output
 */
export function dropRepeatedBindings(input, output) {
  let previous = null;
  let block = null;
  readline.createInterface({ input, crlfDelay: Infinity }).on("line", (line) => {
    if (block === null && BINDINGS.test(line)) block = [];
    if (block === null) return void output.write(`${line}\n`);
    block.push(line);
    if (line.trim() !== "") return;
    const text = block.join("\n");
    if (text !== previous) output.write(`${text}\n`);
    previous = text;
    block = null;
  });
}
