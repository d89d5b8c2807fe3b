// What the host and the search worker (search-worker.ts) send each other.
import type { SearchHit } from '../../shared/contract.ts';
import type { SearchOptions } from './search.ts';

export interface SearchAsk {
  id: number;
  query: string;
  options: SearchOptions;
}

export type SearchAnswer =
  { id: number; ok: true; hits: SearchHit[] } | { id: number; ok: false; message: string };
