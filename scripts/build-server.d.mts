export const SERVER_BUILD: string;
export function buildServerIfStale(): Promise<boolean>;
