/**
 * The project-export archive, its check and its build (exports-contract.md): what exportruns calls. Pure of
 * HTTP and of the database: exportruns loads the format, subjects, photos and crops and hands them in.
 */
export { buildExportArchive } from './build.js';
export { checkExport, storedReport } from './check.js';
export type {
  BuildExportArchiveArgs,
  BuildExportArchiveResult,
  ExportCheckIssue,
  ExportCheckIssueCode,
  ExportCheckReport,
  ExportFormatRow,
  ExportImageSource,
  ExportRunOptions,
  ExportSubject,
  ExportValueChange,
  ProjectField,
} from './types.js';
