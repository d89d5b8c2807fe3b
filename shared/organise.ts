// Organising conversations: folders (a name and an optional colour; one folder per conversation) and pins.
// Folders rather than tags: the chat apps people come from file a conversation in one place, and one place
// is what a sidebar can show without repeating rows.
import { z } from 'zod';

/** A folder's colour: a name from a small palette the page draws in both themes (never a raw CSS value). */
export const FOLDER_COLORS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export const FolderColorSchema = z.enum(FOLDER_COLORS);
export type FolderColor = z.infer<typeof FolderColorSchema>;

export const MAX_FOLDER_NAME_CHARS = 60;

export const FolderNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the folder a name.')
  .max(MAX_FOLDER_NAME_CHARS, `A folder name is at most ${MAX_FOLDER_NAME_CHARS} characters.`);

export interface Folder {
  id: string;
  name: string;
  color?: FolderColor;
  /** folded in the sidebar (every tab: folders are shared) */
  collapsed: boolean;
  createdAt: number;
}

/** Folder names are compared without regard to case: "Work" and "work" are one folder. */
export function sameFolderName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

/** The colour of a stored value, or none when it is not one of the palette's (a newer release's colour). */
export function folderColorOf(value: unknown): FolderColor | undefined {
  const parsed = FolderColorSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
