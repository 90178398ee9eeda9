import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

// Spec 1 §2 new=true: a freshly created workflow greets the user once, then the flag leaves the URL
// so a reload or a shared link does not greet again.
export function useFreshWorkflow(): boolean {
  const [params, setParams] = useSearchParams();
  const [fresh] = useState(() => params.get('new') === 'true');
  useEffect(() => {
    if (params.get('new') === null) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('new');
        return updated;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return fresh;
}
