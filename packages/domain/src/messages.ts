import { z } from 'zod';

/**
 * Validation messages in the wording the API's 422 answers use ("can't be blank", "is invalid"), so
 * the same schema gives the same text in the browser and on the server.
 */
z.config({
  customError: (issue) => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && issue.input === undefined) {
      return "can't be blank";
    }
    if (issue.code === 'invalid_union') return 'is invalid';
    if (issue.code === 'invalid_type') return `must be a ${issue.expected}`;
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
      return "can't be blank";
    if (issue.code === 'unrecognized_keys') return `has unknown keys: ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_value' || issue.code === 'invalid_format') return 'is invalid';
    return undefined;
  },
});
