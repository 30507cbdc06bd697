/**
 * Runs inline before any module of the app: zod compiles fast parsers with `new Function` unless
 * told not to, and under the pages' Content-Security-Policy (no 'unsafe-eval') even its probe for
 * whether it may is reported as a violation and logged as an error. zod reads this shared setting
 * when its schemas are built, so it must exist before the first schema module is evaluated (an
 * import of zod's own `config` would come too late: it shares a chunk with the schemas).
 */
export const ZOD_WITHOUT_EVAL =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';
