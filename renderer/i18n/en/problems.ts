import type { Entry } from '../translate.ts';

/**
 * The page's words for the problems shared/ finds in typed JSON, schemas, functions and results. The
 * English page shows shared/'s own sentences (which the host and the command line also use); these keys
 * give the same sentences in the other languages (renderer/i18n/problem-text.ts matches them).
 */
export const problems = {
  'problems.extraBody': 'Extra body',
  'problems.json.tooLong': '{subject}: longer than {max} characters.',
  'problems.json.syntax': '{subject}: not valid JSON at line {line}, column {column}: {stop}.',
  'problems.json.notObject':
    '{subject}: must be a JSON object ({ … }), found something else at line {line}, column {column}.',
  'problems.json.empty': '{subject}: empty; type a JSON object.',
  'problems.stop.expected': 'expected {what}',
  'problems.stop.ends': 'the text ends where {what} was expected',
  'problems.stop.controlChar': 'expected no line break or control character inside a string',
  'problems.stop.trailing': 'expected nothing after the JSON value',
  'problems.what.hex': 'four hex digits after \\u',
  'problems.what.escape': 'an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u)',
  'problems.what.closingQuote': 'a closing "',
  'problems.what.propertyName': 'a property name in double quotes',
  'problems.what.colon': "':' after the property name",
  'problems.what.afterProperty': "',' or '}' after a property value",
  'problems.what.afterItem': "',' or ']' after an array item",
  'problems.what.value': 'a value (an object, array, string, number, true, false or null)',

  'problems.schema.type': '{path}: expected {expected}, found {found}',
  'problems.schema.or': ' or ',
  'problems.schema.enum': '{path}: must be one of {values}',
  'problems.schema.minimum': '{path}: {value} is less than the minimum {min}',
  'problems.schema.maximum': '{path}: {value} is more than the maximum {max}',
  'problems.schema.required': '{path}: the required property "{key}" is missing',
  'problems.schema.additional': '{path}: the property "{key}" is not allowed (additionalProperties is false)',

  'problems.tool.name':
    'A function name must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or underscore.',
  'problems.tool.description': 'A function description is longer than 4,000 characters.',
  'problems.tool.parameters': 'The parameters must be a JSON Schema (text).',
  'problems.tool.fixedEmpty': 'Fixed result: empty; type a JSON value.',
  'problems.tool.fixedInvalid': 'Fixed result: not valid JSON ({detail}).',
  'problems.tool.tooMany': 'At most {max} functions.',
  'problems.tool.sameName': 'Two functions are named {name}.',
  'problems.result.stranger': 'The result for {name} ({id}) answers no call of the last reply.',
  'problems.result.twice': 'The call {id} has two results.',
  'problems.result.missing': 'The call to {name} ({id}) has no result yet.',
  'problems.result.tooLarge': 'A tool result is larger than 2 MB.',

  // shared/conversation.ts's words for a parameter out of range (a preset file's, for one)
  'problems.params.system': 'The system prompt is longer than 200,000 characters.',
  'problems.params.temperature': 'Temperature must be a number from 0 to 2.',
  'problems.params.maxTokens': 'Max tokens must be a whole number from 1 to 1,000,000.',
  'problems.params.thinkingBudget':
    'The thinking budget must be a whole number: 0 (off), -1 (dynamic) or a number of tokens.',
  'problems.params.topP': 'Top P must be a number from 0 to 1.',
  'problems.params.topK': 'Top K must be a whole number from 1 to 1,000,000.',
  'problems.params.stop':
    'Stop sequences must be a list of up to 4 non-empty texts (each at most 1,000 characters).',
  'problems.params.stopCount': 'At most 4 stop sequences.',
  'problems.params.seed': 'The seed must be a whole number (32-bit).',
  'problems.params.presence': 'Presence penalty must be a number from -2 to 2.',
  'problems.params.frequency': 'Frequency penalty must be a number from -2 to 2.',
  'problems.params.effort': 'Reasoning effort must be one of {values}.',
  'problems.params.summary': 'The reasoning summary must be one of {values}.',
  'problems.params.level': 'The thinking level must be one of {values}.',
  'problems.params.imageSize': 'The image size must be one of {values}.',
  'problems.params.imageQuality': 'The image quality must be one of {values}.',
  'problems.params.imageFormat': 'The image format must be one of {values}.',
  'problems.params.imageBackground': 'The image background must be one of {values}.',
  'problems.params.partialImages': 'Partial images must be a whole number from 0 to 3.',
  'problems.params.aspectRatio': 'The aspect ratio must be one of {values}.',
  'problems.params.imageResolution': 'The image size must be one of {values}.',
  'problems.params.schemaName': 'The schema name must be 1 to 64 letters, digits, underscores or dashes.',
  'problems.params.schemaText': 'The JSON Schema must be text (a JSON object).',
  'problems.params.extraBodyText': 'The extra body must be text (a JSON object).',

  // zod's own English, where shared/ gives no words of its own (a fixed result too long, a wrong type)
  'problems.zod.type': 'Invalid input: expected {expected}, received {received}',
  'problems.zod.value': 'Invalid input: expected {value}',
  'problems.zod.option': 'Invalid option: expected one of {values}',
  'problems.zod.discriminator': 'Invalid discriminator value. Expected {values}',
  'problems.zod.tooLong': 'Too big: expected string to have <={max} characters',
  'problems.zod.tooShort': 'Too small: expected string to have >={min} characters',
  'problems.zod.tooManyItems': 'Too big: expected array to have <={max} items',
  'problems.zod.tooFewItems': 'Too small: expected array to have >={min} items',
  'problems.zod.tooBig': 'Too big: expected number to be <={max}',
  'problems.zod.tooSmall': 'Too small: expected number to be >={min}',
  'problems.zod.invalid': 'Invalid input',
} satisfies Record<string, Entry>;
