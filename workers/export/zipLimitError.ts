/** The error message of an image refused because the archive would outgrow the zip format (no Zip64). */
export const ZIP_LIMIT_ERROR = 'export_zip_limit';
