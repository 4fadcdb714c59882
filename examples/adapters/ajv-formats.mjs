// urispec diff adapter: ajv-formats (https://github.com/ajv-validator/ajv-formats) with ajv 8,
// the JSON Schema formats most JavaScript validators use. Its `uri` and `uri-reference`
// formats ("full" mode, the default) are regular expressions that say they follow RFC 3986.
//
// The format is the first argument (default `uri`): an input is valid when a schema
// `{"type": "string", "format": FORMAT}` accepts it. `uri` is RFC 3986's `URI` rule (an
// absolute URI, with a fragment), `uri-reference` its `URI-reference`.
//
//   urispec diff --spec rfc3986 --rule URI --against 'node examples/adapters/ajv-formats.mjs uri'
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { serve } from './protocol.mjs';

const format = process.argv[2] ?? 'uri';
const ajv = new Ajv();
addFormats(ajv);
const check = ajv.compile({ type: 'string', format });

await serve((input) => check(input));
