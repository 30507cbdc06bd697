/** The API serves licence photographs at /media/driver-licenses/<id>.jpg (bearer only). */
const API_IMAGE = /^\/media\/driver-licenses\/([0-9a-f]{32})\.jpg$/;

/** Where the browser loads a licence photograph: the web server's route, which adds the session's token. */
export function licenseImageHref(apiUrl: string): string | null {
  const id = API_IMAGE.exec(apiUrl)?.[1];
  return id ? `/mypage/driver-license/images/${id}.jpg` : null;
}
