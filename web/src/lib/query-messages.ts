/**
 * The query wrapper's wording (spec 000 "Query wrapper", spec 001 section 9), kept exactly:
 * a failed query shows its message, a query that answered without data shows noData.
 */
export const QUERY_MESSAGES = {
  error: (message: string) => `Error: ${message}`,
  noData: 'No data available... Please try again later or contact support.',
} as const;
