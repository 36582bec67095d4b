/** "1 matching order", "2 matching orders": a count with its noun in the right number. */
export const countLabel = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;
