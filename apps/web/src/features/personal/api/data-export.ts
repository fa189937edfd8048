import { useMutation } from '@tanstack/react-query';
import { apiPaths, type DataExport } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export function fetchDataExport(): Promise<DataExport> {
  return http.get<DataExport>(apiPaths.userDataExport).then(unwrap);
}

/** Saves the JSON as a file the browser downloads (个人信息副本). */
function saveAsFile(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `haoshi-my-data-${data.generated_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDataExport() {
  return useMutation({ mutationFn: fetchDataExport, onSuccess: saveAsFile, onError: showError });
}
