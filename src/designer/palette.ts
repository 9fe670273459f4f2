/**
 * The colours new categories take, in order. Each has at least 3:1 contrast against the map's
 * background (#f7f8fb) and white, so a seat stands out from the page and from the greys of held,
 * booked and not-for-sale seats; neighbours alternate between warm and cool hues so that two
 * categories added one after the other never look alike.
 */
export const CATEGORY_PALETTE = [
  "#2f5bea", // blue
  "#c2410c", // orange
  "#0f7b5f", // green
  "#a3319e", // magenta
  "#8a6a00", // ochre
  "#0e7490", // teal
  "#b91c1c", // red
  "#6d28d9", // purple
  "#4d7c0f", // olive
  "#be185d", // pink
] as const;

/** The first palette colour no category uses yet (compared case-insensitively), else the next in turn. */
export function nextCategoryColour(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  return CATEGORY_PALETTE.find((c) => !taken.has(c)) ?? CATEGORY_PALETTE[used.length % CATEGORY_PALETTE.length]!;
}

/** The value of a category choice (new sections, new areas) that makes a new category from the name typed beside it. */
export const NEW_CATEGORY = "+new";
