@echo off
rem The docs-workspace provider plugin of a release archive (windows): the Pulumi engine runs
rem this file (it looks for the plugin as .exe, then .cmd). It runs the provider on the Node.js
rem that the archive carries beside it (node\bin\node.exe), never a node on PATH.
"%~dp0node\bin\node.exe" "%~dp0dist\provider\native\main.js" %*
exit /b %ERRORLEVEL%
