// The hCaptcha script is third-party code: it is fetched only when the tenant turned captcha on.
const SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off';

export type HCaptchaApi = {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      hl?: string;
    },
  ) => string;
  reset: (widgetId?: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    hcaptcha?: HCaptchaApi;
  }
}

let loading: Promise<HCaptchaApi> | undefined;

export function loadHCaptcha(): Promise<HCaptchaApi> {
  if (window.hcaptcha) return Promise.resolve(window.hcaptcha);
  loading ??= new Promise<HCaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.hcaptcha ? resolve(window.hcaptcha) : reject(new Error('hCaptcha missing'));
    script.onerror = () => {
      loading = undefined;
      reject(new Error('hCaptcha could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
