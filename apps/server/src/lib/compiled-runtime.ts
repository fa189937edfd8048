/**
 * The compiled server must load the compiled contracts too: `node --conditions=haoshi-dist` selects
 * packages/contracts/dist. Without that flag Node 22+ would quietly run the contracts' TypeScript
 * sources by stripping their types; this stops such a start instead.
 */
export function assertCompiledContracts(): void {
  if (import.meta.url.endsWith('.ts')) return; // tsx or vitest: sources throughout
  if (import.meta.resolve('@haoshi/contracts').endsWith('.ts'))
    throw new Error(
      'The compiled server needs the compiled contracts: start it with node --conditions=haoshi-dist',
    );
}
