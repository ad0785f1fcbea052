import { ExceptionPage } from './exception-page.tsx';

export const Page403 = () => <ExceptionPage type="403" />;
export const Page404 = () => <ExceptionPage type="404" />;
export const Page500 = () => <ExceptionPage type="500" />;
