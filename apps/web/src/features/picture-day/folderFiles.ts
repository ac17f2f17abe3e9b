/**
 * The files of a drop or a folder pick, flattened: a dropped folder is walked through the File and
 * Directory Entries API (DataTransferItem.webkitGetAsEntry), since DataTransfer.files lists a folder as
 * one empty entry. Only JPEGs are kept for the batch; everything else is returned as skipped, by name.
 */

export interface PickedFiles {
  jpegs: File[];
  skipped: string[];
}

const JPEG_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg']);

/** A JPEG by its type, else by its extension (some systems leave the type blank). */
export function isJpeg(file: File): boolean {
  const type = file.type.toLowerCase();
  if (type) return JPEG_TYPES.has(type);
  return /\.jpe?g$/i.test(file.name);
}

/** Hidden files and the operating systems' own (`.DS_Store`, `Thumbs.db`) are not photos of the shoot. */
function isSystemFile(name: string): boolean {
  return name.startsWith('.') || name.toLowerCase() === 'thumbs.db';
}

export function sortPicked(files: Iterable<File>): PickedFiles {
  const jpegs: File[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (isSystemFile(file.name)) continue;
    if (isJpeg(file)) jpegs.push(file);
    else skipped.push(pathOf(file));
  }
  // In the camera's order as far as names tell (the server orders by capture time when it matches).
  jpegs.sort((a, b) => byPath.compare(pathOf(a), pathOf(b)));
  return { jpegs, skipped };
}

const byPath = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const pathOf = (file: File) => file.webkitRelativePath || file.name;

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a directory: readEntries answers in chunks (about 100 at a time) until an empty one. */
async function entriesOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (chunk.length === 0) return all;
    all.push(...chunk);
  }
}

async function walk(entry: FileSystemEntry, into: File[]): Promise<void> {
  if (entry.isFile) {
    into.push(await fileOf(entry as FileSystemFileEntry));
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

/** The files of a drop, folders walked. The entries are taken synchronously: the list dies after the event. */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return [...transfer.files];
  const files: File[] = [];
  for (const entry of entries) if (entry) await walk(entry, files);
  return files;
}
