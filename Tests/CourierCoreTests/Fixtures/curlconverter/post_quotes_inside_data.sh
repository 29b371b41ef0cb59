curl localhost:28139 --data 'field=don%27t%20you%20like%20quotes'
