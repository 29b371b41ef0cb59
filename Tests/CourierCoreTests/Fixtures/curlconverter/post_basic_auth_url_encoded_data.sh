curl -X POST -d "grant_type=client_credentials" -u "foo:bar" http://localhost:28139/api/oauth/token/
